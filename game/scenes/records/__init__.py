"""What is kept: statistics, family pages, replays, reviews and saved games."""
