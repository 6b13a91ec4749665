package node

import "strings"

// BunImageMimes is what Bun 1.3.8 (the runtime of opencode 1.1.58) answers for
// Bun.file(path).type when that is image/* or application/pdf, by extension:
// Bun looks at the extension alone, case-sensitively (".PNG" is
// application/octet-stream). Measured with bun 1.3.8 over every extension of
// mime-db 1.54.0; opencode 1.1.x attaches every one of them except SVG and
// image/vnd.fastbidsheet.
var BunImageMimes = map[string]string{
	"3ds":   "image/x-3ds",
	"apng":  "image/apng",
	"avci":  "image/avci",
	"avcs":  "image/avcs",
	"avif":  "image/avif",
	"azv":   "image/vnd.airzip.accelerator.azv",
	"b16":   "image/vnd.pco.b16",
	"bmp":   "image/x-ms-bmp",
	"btif":  "image/prs.btif",
	"cgm":   "image/cgm",
	"cmx":   "image/x-cmx",
	"dds":   "image/vnd.ms-dds",
	"djv":   "image/vnd.djvu",
	"djvu":  "image/vnd.djvu",
	"drle":  "image/dicom-rle",
	"dwg":   "image/vnd.dwg",
	"dxf":   "image/vnd.dxf",
	"emf":   "image/emf",
	"exr":   "image/aces",
	"fbs":   "image/vnd.fastbidsheet",
	"fh":    "image/x-freehand",
	"fh4":   "image/x-freehand",
	"fh5":   "image/x-freehand",
	"fh7":   "image/x-freehand",
	"fhc":   "image/x-freehand",
	"fits":  "image/fits",
	"fpx":   "image/vnd.fpx",
	"fst":   "image/vnd.fst",
	"g3":    "image/g3fax",
	"gif":   "image/gif",
	"heic":  "image/heic",
	"heics": "image/heic-sequence",
	"heif":  "image/heif",
	"heifs": "image/heif-sequence",
	"hej2":  "image/hej2k",
	"ico":   "image/x-icon",
	"ief":   "image/ief",
	"jhc":   "image/jphc",
	"jls":   "image/jls",
	"jng":   "image/x-jng",
	"jp2":   "image/jp2",
	"jpe":   "image/jpeg",
	"jpeg":  "image/jpeg",
	"jpf":   "image/jpx",
	"jpg":   "image/jpeg",
	"jpg2":  "image/jp2",
	"jph":   "image/jph",
	"jpx":   "image/jpx",
	"jxr":   "image/jxr",
	"jxra":  "image/jxra",
	"jxrs":  "image/jxrs",
	"jxs":   "image/jxs",
	"jxsc":  "image/jxsc",
	"jxsi":  "image/jxsi",
	"jxss":  "image/jxss",
	"ktx":   "image/ktx",
	"ktx2":  "image/ktx2",
	"mdi":   "image/vnd.ms-modi",
	"mmr":   "image/vnd.fujixerox.edmics-mmr",
	"npx":   "image/vnd.net-fpx",
	"pbm":   "image/x-portable-bitmap",
	"pct":   "image/x-pict",
	"pcx":   "image/x-pcx",
	"pdf":   "application/pdf",
	"pgm":   "image/x-portable-graymap",
	"pic":   "image/x-pict",
	"png":   "image/png",
	"pnm":   "image/x-portable-anymap",
	"ppm":   "image/x-portable-pixmap",
	"psd":   "image/vnd.adobe.photoshop",
	"pti":   "image/prs.pti",
	"ras":   "image/x-cmu-raster",
	"rgb":   "image/x-rgb",
	"rlc":   "image/vnd.fujixerox.edmics-rlc",
	"sgi":   "image/sgi",
	"sid":   "image/x-mrsid-image",
	"svg":   "image/svg+xml",
	"svgz":  "image/svg+xml",
	"t38":   "image/t38",
	"tap":   "image/vnd.tencent.tap",
	"tfx":   "image/tiff-fx",
	"tga":   "image/x-tga",
	"tif":   "image/tiff",
	"tiff":  "image/tiff",
	"uvg":   "image/vnd.dece.graphic",
	"uvi":   "image/vnd.dece.graphic",
	"uvvg":  "image/vnd.dece.graphic",
	"uvvi":  "image/vnd.dece.graphic",
	"vtf":   "image/vnd.valve.source.texture",
	"wbmp":  "image/vnd.wap.wbmp",
	"wdp":   "image/vnd.ms-photo",
	"webp":  "image/webp",
	"wmf":   "image/wmf",
	"xbm":   "image/x-xbitmap",
	"xif":   "image/vnd.xiff",
	"xpm":   "image/x-xpixmap",
	"xwd":   "image/x-xwindowdump",
}

// BunExtension is Zig's std.fs.path.extension, which Bun uses for a file's
// type: the last dot of the base name on, unless the name starts with it
// (".png" has none, "..png" has ".png").
func BunExtension(path string) string {
	base := Basename(path)
	i := strings.LastIndexByte(base, '.')
	if i <= 0 {
		return ""
	}
	return base[i:]
}
