"""Playing alone: the Solo menu, solo deals, the campaign's chapters and levels, their results."""
