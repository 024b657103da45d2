// The vcf package ships no types; this declares the little of it the tests use.
declare module 'vcf' {
  class Property {
    valueOf(): string;
  }
  class vCard {
    version: string;
    parse(text: string): vCard;
    get(key: string): Property;
  }
  export default vCard;
}
