// mailauth's DMARC record lookup (the _dmarc record, with the organizational domain's as fallback)
// is a module of its own without types. Imported with its file name: the production server (.herald/main.mjs) loads it as an ES module import, which needs one.
declare module "mailauth/lib/dmarc/get-dmarc-record.js" {
  type Resolver = (name: string, rrtype: string) => Promise<unknown>;
  /** The record's tags (lower-cased names), `rr` (the record) and `isOrgRecord`; false when there is none. */
  function getDmarcRecord(domain: string, resolver?: Resolver): Promise<false | (Record<string, string | number | boolean> & { rr: string; isOrgRecord: boolean })>;
  export = getDmarcRecord;
}
