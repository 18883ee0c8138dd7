// Sport & fitness illustrations, one module per kind of gear.
import * as balls from "./sport/balls.mjs";
import * as boardsAndRackets from "./sport/boards-and-rackets.mjs";
import * as kit from "./sport/kit.mjs";
import * as training from "./sport/training.mjs";

const sport = { ...balls, ...boardsAndRackets, ...kit, ...training };

export default sport;
