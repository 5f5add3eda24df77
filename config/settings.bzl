"""The constraint settings of //config (see BUILD.bazel there)."""

def setting_with_values(name, values, default = None):
    """A constraint_setting, its values, and an is_<value> config_setting each."""
    native.constraint_setting(
        name = name,
        default_constraint_value = (":" + default) if default else None,
    )
    for v in values:
        native.constraint_value(name = v, constraint_setting = ":" + name)
        native.config_setting(name = "is_" + v, constraint_values = [":" + v])
