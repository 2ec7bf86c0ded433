/**
 * The decoupled flow's QR code, drawn on the server as SVG markup with `qrcode` (ISO/IEC 18004;
 * error correction M), so the page needs no script to show it: black modules on a white quiet
 * zone of two modules, whatever the page's theme.
 */
import QRCode from 'qrcode';

/** The SVG markup of a QR code holding `text` (an address of at most a few hundred characters). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}
