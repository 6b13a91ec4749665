package gemini

import "strings"

// geminiMimes is what mime 4.0.7's lite build (mime/lite, the standard
// types) answers for the extensions Gemini CLI 0.61.0 treats as media:
// image/*, audio/*, video/* and application/pdf. Every other extension maps
// to something detectFileType does not look at. Generated from the package.
var geminiMimes = map[string]string{
	".3g2": "video/3gpp2", ".3gp": "video/3gpp", ".3gpp": "video/3gpp", ".aac": "audio/aac",
	".adp": "audio/adpcm", ".adts": "audio/aac", ".amr": "audio/amr", ".apng": "image/apng",
	".au": "audio/basic", ".avci": "image/avci", ".avcs": "image/avcs", ".avif": "image/avif",
	".bmp": "image/bmp", ".cgm": "image/cgm", ".dib": "image/bmp", ".dpx": "image/dpx",
	".drle": "image/dicom-rle", ".emf": "image/emf", ".exr": "image/aces", ".fits": "image/fits",
	".g3": "image/g3fax", ".gif": "image/gif", ".h261": "video/h261", ".h263": "video/h263",
	".h264": "video/h264", ".heic": "image/heic", ".heics": "image/heic-sequence", ".heif": "image/heif",
	".heifs": "image/heif-sequence", ".hej2": "image/hej2k", ".ief": "image/ief", ".jaii": "image/jaii",
	".jais": "image/jais", ".jfif": "image/pjpeg", ".jhc": "image/jphc", ".jls": "image/jls",
	".jp2": "image/jp2", ".jpe": "image/jpeg", ".jpeg": "image/jpeg", ".jpf": "image/jpx", ".jpg": "image/jpeg",
	".jpg2": "image/jp2", ".jpgm": "image/jpm", ".jpgv": "video/jpeg", ".jph": "image/jph", ".jpm": "image/jpm",
	".jpx": "image/jpx", ".jxl": "image/jxl", ".jxr": "image/jxr", ".jxra": "image/jxra", ".jxrs": "image/jxrs",
	".jxs": "image/jxs", ".jxsc": "image/jxsc", ".jxsi": "image/jxsi", ".jxss": "image/jxss",
	".kar": "audio/midi", ".ktx": "image/ktx", ".ktx2": "image/ktx2", ".m1v": "video/mpeg",
	".m2a": "audio/mpeg", ".m2t": "video/mp2t", ".m2ts": "video/mp2t", ".m2v": "video/mpeg",
	".m3a": "audio/mpeg", ".m4a": "audio/mp4", ".m4b": "audio/mp4", ".m4s": "video/iso.segment",
	".mid": "audio/midi", ".midi": "audio/midi", ".mj2": "video/mj2", ".mjp2": "video/mj2",
	".mov": "video/quicktime", ".mp2": "audio/mpeg", ".mp2a": "audio/mpeg", ".mp3": "audio/mpeg",
	".mp4": "video/mp4", ".mp4a": "audio/mp4", ".mp4v": "video/mp4", ".mpe": "video/mpeg",
	".mpeg": "video/mpeg", ".mpg": "video/mpeg", ".mpg4": "video/mp4", ".mpga": "audio/mpeg",
	".mts": "video/mp2t", ".mxmf": "audio/mobile-xmf", ".oga": "audio/ogg", ".ogg": "audio/ogg",
	".ogv": "video/ogg", ".opus": "audio/ogg", ".pdf": "application/pdf", ".png": "image/png",
	".qt": "video/quicktime", ".rmi": "audio/midi", ".s3m": "audio/s3m", ".sgi": "image/sgi",
	".sil": "audio/silk", ".snd": "audio/basic", ".spx": "audio/ogg", ".svg": "image/svg+xml",
	".svgz": "image/svg+xml", ".t38": "image/t38", ".tfx": "image/tiff-fx", ".tif": "image/tiff",
	".tiff": "image/tiff", ".ts": "video/mp2t", ".wav": "audio/wav", ".weba": "audio/webm",
	".webm": "video/webm", ".webp": "image/webp", ".wmf": "image/wmf", ".xm": "audio/xm",
}

// geminiMimeOf is mime.getType(path) for the media types: the extension is
// what follows the last dot of the last path element ("/" or "\\" ends one),
// lower-cased, and a name needs a character before that dot (".png" has none).
func geminiMimeOf(path string) string {
	last := strings.ToLower(path[strings.LastIndexAny(path, "/\\")+1:])
	dot := strings.LastIndexByte(last, '.')
	if dot < 1 {
		return ""
	}
	return geminiMimes[last[dot:]]
}
