"""Small reusable pieces shared by the screens."""
