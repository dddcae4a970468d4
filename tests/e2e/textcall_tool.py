"""
title: Text-call probe
author: owui-toolkit tests
version: 0.1.0
license: MIT
description: One tool that reports the Python types of its arguments, for the end-to-end tests of text-written tool calls.
"""

import json


class Tools:
    def __init__(self):
        pass

    def typed_echo(
        self,
        count: int,
        ratio: float = 0.0,
        flag: bool = False,
        tags: list = None,
        opts: dict = None,
        maybe: int | None = None,
        label: str = "",
    ) -> str:
        """
        Echo the arguments with their Python types.
        :param count: An integer.
        :param ratio: A number.
        :param flag: A boolean.
        :param tags: A list.
        :param opts: An object.
        :param maybe: An integer or null.
        :param label: A string.
        """
        values = {"count": count, "ratio": ratio, "flag": flag, "tags": tags, "opts": opts, "maybe": maybe, "label": label}
        return json.dumps({k: [v, type(v).__name__] for k, v in values.items()}, sort_keys=True)
