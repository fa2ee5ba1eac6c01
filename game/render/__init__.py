"""Drawing: asset loading and the field renderer."""
