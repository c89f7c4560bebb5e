"""The pygame shell: the app, its scenes (menus, game, rules, tournament), board views, the AI worker."""
