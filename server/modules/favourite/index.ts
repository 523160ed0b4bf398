/** What other modules may use of favourites: the figures and favourite mark of published plugins and workflows. */
export { type SquareFigures, squareFigures } from "./service";
