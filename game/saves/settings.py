"""Settings: settings.yaml, read over the defaults, each value checked.
"""
import yaml

from game.core import require
from game.saves import files

MAX_YAML_NODES = 10_000     # settings.yaml's nodes, aliases expanded


def safe_load_bounded(text):
    """yaml.safe_load of `text`, refused with a YAMLError when its nodes, with every alias
    expanded, number more than MAX_YAML_NODES (an alias bomb) or when it holds itself
    through an alias. The check walks the composed node graph, which shares aliased nodes,
    so it costs no more than the file is long."""
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if node is not None:
        _expanded_size(node, {}, set())
    return yaml.safe_load(text)


def _expanded_size(node, sizes, open_nodes):
    """The number of nodes under `node` with aliases expanded; a YAMLError past the bound."""
    key = id(node)
    if key in sizes:
        return sizes[key]
    if key in open_nodes:
        raise yaml.YAMLError("an alias refers to a node that holds it")
    open_nodes.add(key)
    size = 1
    if isinstance(node, yaml.SequenceNode):
        size += sum(_expanded_size(child, sizes, open_nodes) for child in node.value)
    elif isinstance(node, yaml.MappingNode):
        size += sum(_expanded_size(k, sizes, open_nodes) + _expanded_size(v, sizes, open_nodes)
                    for k, v in node.value)
    if size > MAX_YAML_NODES:
        raise yaml.YAMLError(f"its aliases expand to more than {MAX_YAML_NODES} values")
    open_nodes.discard(key)
    sizes[key] = size
    return size


def check_setting(key, value, allowed):
    """`value` as the setting `key` keeps it; ValueError unless `allowed` (a tuple of
    the values it may take, `(type, low, high)` for a number, or a function
    `(key, value) -> value` that checks it) allows it."""
    if callable(allowed):
        return allowed(key, value)
    if isinstance(allowed, tuple) and allowed and isinstance(allowed[0], type):
        kind, low, high = allowed
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not low <= value <= high:
            raise ValueError(f"{key}: {value!r} is not a number from {low} to {high}")
        return kind(value)
    if value not in allowed or type(value) is not type(allowed[0]):
        words = (str(v).lower() if isinstance(v, bool) else str(v) for v in allowed)
        raise ValueError(f"{key}: {value!r} is not one of {', '.join(words)}")
    return value


def load_settings(folders, defaults, choices):
    """Settings from settings.yaml over `defaults`; `choices[key]` lists allowed values
    (or is a type such as float with a (low, high) range as `(float, low, high)`).
    Returns (settings, problem or None); a bad file is kept aside and defaults used."""
    settings = dict(defaults)
    path = folders.settings
    try:
        text = files.read_text(path)
    except files.BadFile as error:
        return settings, str(error)
    if text is None:
        return settings, None
    try:
        data = safe_load_bounded(text)
        if data is None:
            data = {}
        require(data, dict, "settings")
        for key, value in data.items():
            if key not in defaults:
                raise ValueError(f"unknown setting {key!r}")
            settings[key] = check_setting(key, value, choices[key])
    except (yaml.YAMLError, ValueError, RecursionError) as error:
        problem = f"is not valid YAML ({error})" if isinstance(error, yaml.YAMLError) else str(error)
        if isinstance(error, RecursionError):
            problem = "is nested too deeply"
        return dict(defaults), str(files.refused(path, problem))
    return settings, None


def save_settings(folders, settings):
    files.atomic_write(folders.settings, yaml.safe_dump(dict(settings), sort_keys=True))
