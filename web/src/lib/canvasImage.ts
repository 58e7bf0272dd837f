/** A canvas of the given size to draw an image on, with its 2d context set for smooth scaling. */
export function drawingCanvas(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  return { canvas, context };
}

/** What a canvas shows, as an image file of `type` (JPEG at `jpegQuality`). */
export const canvasBlob = (canvas: HTMLCanvasElement, type: string, jpegQuality = 0.92) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), type, jpegQuality),
  );
