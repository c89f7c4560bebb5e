"""The screens the App switches between: main menu, game setup, game, rules, settings."""
