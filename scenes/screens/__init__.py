"""The screens around the table: the menu, setup, rules, settings, statistics, scoring,
about, an error, the lessons' list and the replay of a finished game."""
