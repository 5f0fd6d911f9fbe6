/** Text for SVG/XML content and attributes (the renderers build SVG as strings). */
export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
