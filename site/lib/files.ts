/** A file's (or a blob's) content as a data: URL. */
export const readAsDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });

/** A data: URL's base64 part: the API takes images without the data: prefix (kept as is without one). */
export const stripDataUrl = (dataUrl: string) => dataUrl.replace(/^data:[^,]*,/, '');
