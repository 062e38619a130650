"""How the game looks and sounds: palette, pixel text, layout, card art, chip sounds, motion, widgets."""
