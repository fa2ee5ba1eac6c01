"""The client side of a table: its connection, its copy of the table, kept tokens, links."""
