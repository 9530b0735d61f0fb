"""Agents: they play a seat using only the public engine API."""

from meeple.agents.base import (
    Agent,
    agent_names,
    make_agent,
    parse_spec,
    register_agent,
    split_agents,
)
from meeple.agents.greedy import DeepGreedyAgent, GreedyAgent
from meeple.agents.human import HumanAgent
from meeple.agents.ismcts import ISMCTSAgent
from meeple.agents.levels import Easy, Hard, Medium
from meeple.agents.random_agent import RandomAgent

register_agent("random", RandomAgent)
register_agent("human", HumanAgent)
register_agent("greedy", GreedyAgent)
register_agent("deepgreedy", DeepGreedyAgent)
register_agent("ismcts", ISMCTSAgent)
register_agent("easy", Easy)
register_agent("medium", Medium)
register_agent("hard", Hard)

__all__ = [
    "Agent",
    "DeepGreedyAgent",
    "GreedyAgent",
    "HumanAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "parse_spec",
    "register_agent",
    "split_agents",
]
