extension LabelSheet {
    /// The sheet's style: pages as they print, labels placed absolutely in millimetres; on a
    /// screen, grey around white pages and a hint on printing at actual size (nothing above the
    /// page's first element: a site's bar stands at the top as on its other pages).
    static let css: StaticString = """
        *{box-sizing:border-box}
        html,body{margin:0;padding:0}
        body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#000}
        .sheet{position:relative;overflow:hidden;background:#fff;break-after:page;page-break-after:always}
        .sheet:last-child{break-after:auto;page-break-after:auto}
        .label{position:absolute;overflow:hidden}
        .code{position:absolute;line-height:0}
        .code svg{display:block}
        .text{position:absolute;top:0;bottom:0;display:flex;flex-direction:column;justify-content:center;gap:1mm}
        .text p{margin:0;overflow-wrap:anywhere}
        .id{font-weight:700;line-height:1.05;font-family:ui-monospace,"DejaVu Sans Mono",Menlo,monospace}
        .name{font-size:3mm;line-height:1.2;max-height:10.8mm;overflow:hidden}
        .hint{font-size:14px;margin:12px;color:#333}
        @media screen{
        body{background:#e5e7eb;padding:0 0 8px}
        .sheet{margin:8px auto;box-shadow:0 1px 4px rgba(0,0,0,.25)}
        .label{outline:1px dashed #d0d5dc}
        }
        @media print{.hint{display:none}}

        """

    /// The page box for A4 paper, no margins (the layout's own margins place the labels).
    static let a4Page: StaticString = "@page{size:A4;margin:0}\n"

    /// The page box for US Letter paper.
    static let letterPage: StaticString = "@page{size:letter;margin:0}\n"
}
