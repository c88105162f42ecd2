"""Dialogs: each is built from engine data and returns what the player chose; none submits actions."""
