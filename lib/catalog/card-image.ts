/** The image a product shows where it shows one (a card, a cart line, an order): the contract's rule, for the components. */
export { cardImageOf } from "@/lib/data/contract/catalog";
