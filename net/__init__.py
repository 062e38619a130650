"""Network play: the server (``python -m net.server``), the client the game uses, a bot
client and a load test. No pygame here: the screens use the client, never the reverse."""
