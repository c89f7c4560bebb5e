"""The screens the App switches between: main menu, game setup, game, replay, saved and unfinished
games, tournament, rules, settings."""
