/// The style of the site's bar (the way home, the tree, what is away, the other language and a
/// find box, each at least 44 CSS pixels high for a thumb): one rule set for the pages' sheet and
/// for a label sheet shown inside the site, which keeps its own style. Hidden in print.
public enum SiteBar {
    /// The bar's rules (literal colours: a label sheet has none of the pages' variables).
    public static let css: StaticString = """
        .bar{display:flex;gap:0 1rem;flex-wrap:wrap;align-items:center;padding:0 1rem;
        border-bottom:1px solid #d0d7de;background:#f6f8fa;font:16px/1.45 system-ui,sans-serif}
        .bar a{color:#1f2328;text-decoration:none;display:inline-flex;align-items:center;min-height:2.75rem}
        .bar .home{font-weight:700}
        .bar a[lang]{margin-left:auto;color:#0969da}
        .bar-find{display:flex;gap:.5rem;flex:1 1 100%;margin:0 0 .5rem}
        .bar-find input{font:inherit;flex:1;min-width:0;padding:.5rem;border:1px solid #d0d7de;border-radius:.4rem;
        min-height:2.75rem;background:#fff}
        .bar-find button{font:inherit;padding:.5rem .9rem;border:1px solid #d0d7de;border-radius:.4rem;background:#fff;
        color:#1f2328;min-height:2.75rem;min-width:2.75rem;cursor:pointer}
        @media (min-width:40rem){.bar-find{flex:0 1 18rem;margin:0}}
        @media print{.bar{display:none}}

        """
}
