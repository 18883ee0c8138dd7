/** Ends a subscription to one of the store's feeds (watchCatalog, watchCart, watchStock, watchNewOrders). */
export type Unsubscribe = () => void;
