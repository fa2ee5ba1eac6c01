"""pygame-gui glue: theme and widget builders."""
