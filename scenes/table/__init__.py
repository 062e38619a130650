"""The table: its control (no pygame), the model of what is shown, the painter, the bid box, the dealer draw."""
