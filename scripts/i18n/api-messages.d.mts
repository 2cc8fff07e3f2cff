/** Where a message the API sends is not one the client's catalogues can hold: 'file:line  expression' for each. */
export function unmarkedApiMessages(): string[];
