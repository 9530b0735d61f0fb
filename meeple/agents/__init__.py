"""Agents: they play a seat using only the public engine API."""

from meeple.agents.base import Agent, agent_names, make_agent, parse_spec, register_agent
from meeple.agents.human import HumanAgent
from meeple.agents.random_agent import RandomAgent

register_agent("random", RandomAgent)
register_agent("human", HumanAgent)

__all__ = [
    "Agent",
    "HumanAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "parse_spec",
    "register_agent",
]
