"""Online tables: hosting, joining, the lobby and the online table itself."""
