"""The hall's server: the websocket hub, room actors, brokers and the games."""
