/// Something that looks for games on the network until stopped (DNS-SD's browser).
protocol GameBrowsing: AnyObject {
    func stop()
}
