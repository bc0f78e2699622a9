"""The table and its pieces: the game in progress (`session`), what runs it (`director`,
the lesson's `lesson` and its `coach_panel`), the presenters, and the scene that shows
it with its layout, motion, input and drawing."""
