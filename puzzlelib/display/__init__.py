"""Display: the course's drawing look, the live board editor, text tables and progress bars."""
