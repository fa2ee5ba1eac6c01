"""The table server: the tables, their store, the limits and paces that keep it open to all."""
