"""Pure game engines. ``rules.registry`` lists the games; ``rules.contract`` is what each one implements. The hot
modules of some engines also exist compiled (``rules.compiled``), used when built from the sources as they are."""

from rules import compiled

compiled.install()
