/** What other modules may use of speed-delivery; everything else in this folder is internal. */
export { assertSpeedAllowed, NO_SPEED, speedFeeOf, speedProblem, speedTerms, wantsSpeed } from './speed-delivery.js';
