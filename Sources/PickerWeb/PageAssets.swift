/// The page's files, built into the binary (no files to install, no CDN).
enum PageAssets {
    static let index = PackageResources.index_html
}
