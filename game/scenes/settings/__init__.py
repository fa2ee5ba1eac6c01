"""Settings and its pages: accessibility, controls, the learner's helps."""
