"""Online tables: the protocol (docs/PROTOCOL.md), the table authority, the server, a client."""
