"""Pure game engines. ``rules.registry`` lists the games; ``rules.contract`` is what each one implements."""
