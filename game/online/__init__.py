"""Online tables: shared (the protocol), the server, the client, the window's glue, the commands."""
