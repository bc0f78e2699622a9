"""What every screen is built of: the scene base class (`base`), the logical canvas and
its buttons (`ui`), and the controls overlay (`controls`)."""
