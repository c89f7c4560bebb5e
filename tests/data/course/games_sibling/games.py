# AIMA's standard module name, kept by a student beside their player: it must be theirs, not
# Tabuleiro's games package.
def helper(moves):
    return sorted(moves)[0]
