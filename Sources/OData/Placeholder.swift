// Runtime core lands here.
