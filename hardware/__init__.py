"""Optional devices at a kiosk: GPIO buttons, an LED bar of flags, serial counters."""
