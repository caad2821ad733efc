"""The Discord adapter: slash commands, components and deliveries translated to and from ``GameService``.

* ``run.py``: ``run_discord(settings, service, stop)``, the lifecycle (connect, deliver again what was not delivered,
  drain, close);
* ``client.py``: the ``discord.Client`` that owns the command tree and the persistent components, and registers
  the commands when they changed;
* ``commands.py``: the ``/game ...`` group, ``/play`` and ``/rules``, declared with localizable names;
* ``actions.py``: what each command, button and menu does (acknowledge, call the service, deliver);
* ``delivery.py``: a reply's messages mapped onto Discord (ephemeral answers, channel posts, direct messages, closed
  DMs remembered), and the redelivery of a change's reply without an interaction (``push``);
* ``views.py``: the "My hand" button and the move menus (``DynamicItem``: they work after a restart);
* ``options.py``: autocomplete of a game's options (``key=value``) for ``/game new``;
* ``translator.py``: command names and descriptions localized from the gettext catalogs;
* ``ids.py``: how Discord ids become the service's channel and user strings, and component ids (which carry
  the game and version they were made for).
"""
