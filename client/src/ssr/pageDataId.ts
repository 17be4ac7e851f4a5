// The id of the JSON script element a server-rendered page carries its data in (pageData.ts). On
// its own, so the service worker, which has no page, can find that data in a saved page too.
export const PAGE_DATA_ELEMENT_ID = 'page-data';
