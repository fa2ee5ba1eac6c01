"""What the server and the client share: the wire format (docs/PROTOCOL.md)."""
