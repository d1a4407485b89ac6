/**
 * An attribute a block writes into its HTML when this render must not be shown to anyone else: the
 * search engine failed and the page says so. The document cache (./handler.ts) never keeps a page
 * that holds it, so one failed search is never served to the next shoppers.
 */
export const NO_STORE_ATTRIBUTE = 'data-document-cache-no-store';
