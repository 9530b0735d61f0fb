// What the status bar asks for, per game and decision kind (the engine's decision names).
// A game or decision not listed here gets a plain "Your move".

const PROMPTS = {
  queensland: {
    face: "Choose which way your farm faces: click an arrow",
    take: "Take a tile from the market",
    place: "Click a cell for the tile",
    rotate: "Turn the tile with R or ⟳, then click it to lay it",
    group: "Your toads: follow the group or stay",
  },
  farland: {
    start: "Choose your starting improvement",
    take: "Take a card from the market, or the building tile",
    place: "Click where the card goes",
    rotate: "Turn the card with R or ⟳, then click it to lay it",
    pay: "Choose an improvement to pay with",
    gain: "Choose an improvement to gain",
    token: "Choose a resource token, or none",
    token_at: "Click where the token goes",
    install: "Install an improvement from your house (a trough, then its table), or Done",
    install_at: "Click the edge or space for it",
  },
  azul_queens_garden: {
    turn: "Take tiles from the display, or buy an expansion",
    mode: "Pay by colour or by pattern?",
    pay: "Click the tiles to pay with",
    copy: "Choose the tile to copy",
    place_bought: "Click where the expansion goes",
    discard: "Discard down to your storage, then done",
  },
  piepmatz: {
    play: "Click a bird in your hand, then a perch",
    collect: "Collect a bird from your hand, or nothing",
    refill: "Take a bird from the display or the deck",
    crow: "Choose a bird for the crow",
    keep: "Choose the birds to keep",
  },
  croa: {
    move: "Click a frog, then where it jumps",
    bounce: "Click where the frog bounces",
    mosquito: "Mosquito: jump with another frog (click it, then where it lands), or Stop",
  },
  quedlinburg_dash: {
    shop: "Buy chips in the shop, then done",
    return: "Choose a chip to return",
  },
};

export function promptFor(game, decision, draft) {
  const text = (PROMPTS[game] || {})[decision] || "Your move";
  return draft ? text : `Your move: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}
