"""Sprites: everything the app draws from code (cards, dice, the felt, sounds).

Sprites only draw: they turn a card, a die value or a size into a cached surface and
never look at a game state. Nothing here initialises pygame at import time.
"""
